/**
 * Small building blocks shared by the admin screens: page heading, loading and error states,
 * stat cards, table shells, pagination, status badges, filters and a confirmation dialog.
 */
export { AdminHeading, useAdminTitle } from "./AdminHeading";
export { type AdminColumn, AdminTable, phoneCell, phoneRow, TableShell, td, th } from "./AdminTable";
export { ConfirmDialog } from "./ConfirmDialog";
export { formatDateTime, formatDay } from "./dates";
export { FilterInput, FilterSelect } from "./Filters";
export { LoadError, Loading } from "./LoadStates";
export { Pagination } from "./Pagination";
export { StatCard } from "./StatCard";
export { StatusBadge, statusTone, TestBadge } from "./StatusBadge";
