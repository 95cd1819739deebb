import { useEffect, type RefObject } from 'react';
import type { EditorHandle } from './code-editor.tsx';
import type { RunnerResult } from './run-results.ts';

/**
 * The line an error happened on is highlighted (and scrolled to) until the code is edited; a syntax
 * error's exact place on it is underlined as well (issue 35).
 */
export function useErrorMark(
  editor: RefObject<EditorHandle | null>,
  result: RunnerResult | undefined,
): void {
  useEffect(() => {
    if (result?.kind !== 'error' || result.report.lineno === undefined) return;
    const spot = result.report.spot;
    editor.current?.markLine(result.report.lineno, 'error', spot);
  }, [editor, result]);
}
