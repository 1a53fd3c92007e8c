// The record table for other parts (workbench's merged bulk results). Apart from its data API
// (results/table-api.ts, kept free of React for workers), the rest of results/table/ is internal.
export { RecordTable } from './table/record-table.tsx';
