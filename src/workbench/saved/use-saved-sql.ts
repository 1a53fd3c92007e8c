// The saved SQL queries, kept current as they change in this tab or another.
import { useEffect, useState } from 'react';
import { onSavedSqlChange, readSavedSql, type SavedSql } from './saved-sql.ts';

export function useSavedSql(): SavedSql[] {
  const [saved, setSaved] = useState(readSavedSql);
  useEffect(() => onSavedSqlChange(() => setSaved(readSavedSql())), []);
  return saved;
}
