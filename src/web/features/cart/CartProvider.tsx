import type { CartItem } from "@shared/cart";
import { parseStoredCart } from "@shared/cart-guard";
import {
  type CartAction,
  type CartState,
  canAddToCartItems,
  cartReducer,
  cartTotal,
  EMPTY_CART_STATE,
} from "@shared/cart-state";
import { MESSAGES } from "@shared/messages";
import type { Pence } from "@shared/money";
import { isHydrating } from "@web/app/hydration";
import { dismissToasts } from "@web/app/toaster";
import { readReminderHandle, writeReminderHandle } from "@web/features/reminders";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";

/** Local storage key of the guest cart (a JSON array of cart items). */
export const CART_STORAGE_KEY = "lithobox.cart";

export interface CartContextValue {
  readonly items: readonly CartItem[];
  /** Sum of the item prices in GBP pence, recomputed on every change. */
  readonly total: Pence;
  readonly count: number;
  /** The operation behind the current items (null before any); a server saver can skip "load". */
  readonly lastAction: CartAction["type"] | null;
  /** Adds one item; false (and nothing changes) for a repeated id, an invalid item or a full cart. */
  add: (item: CartItem) => boolean;
  remove: (id: string) => void;
  clear: () => void;
  /**
   * Replaces the cart with items from outside (a server answer, storage); invalid entries are
   * dropped. With no argument it re-reads the guest cart from local storage.
   */
  load: (items?: unknown) => void;
  /** Replaces the cart with items the app built, e.g. the merged cart at sign-in (mergeCarts). */
  set: (items: readonly CartItem[]) => void;
  /** The side panel. */
  readonly isOpen: boolean;
  setOpen: (open: boolean) => void;
  openCart: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

function readStoredCart(): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch (error) {
    // Storage may be unavailable (privacy mode); the spec logs cart load failures only.
    console.warn("Could not read the saved cart", error);
    return [];
  }
}

function writeStoredCart(items: readonly CartItem[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch (error) {
    console.warn("Could not save the cart", error);
  }
}

/**
 * When this browser's cart is kept for reminders (the box ticked at checkout, issue 33), each
 * change goes to the server too: the idle clock restarts, and an emptied cart ends the reminders.
 * The client is loaded only then, so the first load carries none of it.
 */
function syncReminderCart(items: readonly CartItem[]) {
  const handle = readReminderHandle();
  if (!handle) return;
  void import("@web/features/reminders/api")
    .then(({ updateReminderCart }) => updateReminderCart(handle, items))
    .then((answer) => {
      if (!answer.active) writeReminderHandle(null);
    })
    .catch((error: unknown) => console.warn("Could not update the cart reminder", error));
}

function initialState(): CartState {
  // The pre-rendered home page shows an empty cart; storage is read right after hydration.
  if (isHydrating()) return EMPTY_CART_STATE;
  return { items: readStoredCart(), lastAction: null };
}

/** The cart: items, total and operations, kept in local storage for guests. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, undefined, initialState);
  const [isOpen, setOpen] = useState(false);
  const itemsRef = useRef(state.items);
  itemsRef.current = state.items;
  /** Item lists that came from storage: nothing to write back. */
  const skipWrites = useRef(1);
  const [readAfterHydration] = useState(isHydrating);
  const readDone = useRef(false);

  useLayoutEffect(() => {
    // Hydrating the pre-rendered page: read the stored cart now. In a transition: the page was
    // painted (empty cart) before the app started, and a synchronous re-render of every cart
    // reader here would be one long task while the page loads (Total Blocking Time).
    if (!readAfterHydration || readDone.current) return;
    readDone.current = true;
    const items = readStoredCart();
    if (items.length === 0) return; // As rendered: nothing to load (nor to write back).
    skipWrites.current += 1;
    startTransition(() => dispatch({ type: "load", items }));
  }, [readAfterHydration]);

  useEffect(() => {
    // The first render shows what storage held; nothing to write back.
    if (skipWrites.current > 0) {
      skipWrites.current -= 1;
      return;
    }
    writeStoredCart(state.items);
    syncReminderCart(state.items);
  }, [state.items]);

  useEffect(() => {
    // Another tab changed the cart: show the same items here.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      skipWrites.current = 1;
      dispatch({ type: "load", items: event.newValue });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const add = useCallback((item: CartItem) => {
    if (!canAddToCartItems(itemsRef.current, item)) return false;
    dispatch({ type: "add", item });
    return true;
  }, []);
  const remove = useCallback((id: string) => dispatch({ type: "remove", id }), []);
  const clear = useCallback(() => dispatch({ type: "clear" }), []);
  const load = useCallback((items?: unknown) => {
    dispatch({ type: "load", items: items === undefined ? readStoredCart() : items });
  }, []);
  const set = useCallback((items: readonly CartItem[]) => dispatch({ type: "set", items }), []);
  const openCart = useCallback(() => {
    // The panel is the answer to any "Added to cart" toast; it would cover the panel's footer.
    dismissToasts();
    setOpen(true);
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      items: state.items,
      total: cartTotal(state.items),
      count: state.items.length,
      lastAction: state.lastAction,
      add,
      remove,
      clear,
      load,
      set,
      isOpen,
      setOpen,
      openCart,
    }),
    [state, add, remove, clear, load, set, isOpen, openCart],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error(MESSAGES.providers.cart);
  return context;
}
