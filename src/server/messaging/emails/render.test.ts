import { describe, expect, it } from "vitest";
import { verifyAccountEmail } from "./auth-emails.js";
import { type EmailContent, renderEmail } from "./render.js";

const content: EmailContent = {
  title: `Order <b>"1"</b> & more`,
  notice: "TEST ORDER: no payment was taken.",
  blocks: [
    "Hello <script>alert('x')</script>,",
    "First line\nsecond line",
    { action: { label: "Track", url: `https://shop.example/track?order=1&x="><img src=x>` } },
    { heading: "Delivering to", lines: ["Ann <Lee>", "1 High St"] },
    {
      table: {
        heading: "Order #1",
        rows: [{ title: "Lithophane × 2", details: "Heart · 5 inch", amount: "£40.00" }],
        totals: [{ label: "Total", amount: "£40.00", strong: true }],
      },
    },
  ],
  footnote: "Questions? <Write>",
};

describe("renderEmail", () => {
  const { html, text } = renderEmail(content);

  it("keeps every amount on one line, so a discount's minus sign never wraps alone on a phone", () => {
    const { html: withDiscount } = renderEmail({
      title: "Order",
      blocks: [
        {
          table: {
            heading: "Order #1",
            rows: [{ title: "Keepsake Collection", details: "Colour · 3 panels", amount: "£108.15" }],
            totals: [
              { label: "Discount (SPRING10)", amount: "−£10.82" },
              { label: "Total", amount: "£97.33", strong: true },
            ],
          },
        },
      ],
      footnote: "Questions? Reply to this e-mail.",
    });
    const cells = [...withDiscount.matchAll(/<td style="([^"]*)">(−?£[\d.]+)<\/td>/g)];
    expect(cells.map((c) => c[2])).toEqual(["£108.15", "−£10.82", "£97.33"]);
    for (const [, style] of cells) expect(style).toContain("white-space:nowrap");
  });

  it("escapes every value in the HTML", () => {
    expect(html.startsWith('<!doctype html><html lang="en-GB">')).toBe(true);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Hello &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;,");
    expect(html).toContain("<title>Order &lt;b&gt;&quot;1&quot;&lt;/b&gt; &amp; more</title>");
    expect(html).toContain('href="https://shop.example/track?order=1&amp;x=&quot;&gt;&lt;img src=x&gt;"');
    expect(html).not.toContain("<img");
    expect(html).toContain("Ann &lt;Lee&gt;");
    expect(html).toContain("First line<br/>second line");
  });

  it("writes the plain text from the same blocks, in their order, unescaped", () => {
    expect(text).toBe(
      `${[
        "TEST ORDER: no payment was taken.",
        "Hello <script>alert('x')</script>,",
        "First line\nsecond line",
        `Track: https://shop.example/track?order=1&x="><img src=x>`,
        "Delivering to:\nAnn <Lee>\n1 High St",
        "Order #1\n\n- Lithophane × 2: Heart · 5 inch — £40.00\n\nTotal: £40.00",
        "Questions? <Write>",
      ].join("\n\n")}\n`,
    );
  });

  it("renders a real e-mail's link into both parts", () => {
    const mail = verifyAccountEmail({
      name: "Aoife Ní",
      url: "https://shop.example/v?t=a&b",
      expiresInHours: 24,
    });
    expect(mail.subject).toBe("Confirm your email address for Lithobox");
    expect(mail.text).toContain("Hello Aoife,");
    expect(mail.text).toContain("Confirm email address: https://shop.example/v?t=a&b");
    expect(mail.html).toContain('href="https://shop.example/v?t=a&amp;b"');
  });
});
