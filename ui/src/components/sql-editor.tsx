/**
 * SQL text in CodeMirror 6 with SQL highlighting: editable in the workbench (Ctrl-Enter or
 * Cmd-Enter runs), read-only on the query page. An error position is shown as a wavy underline
 * on the offending token, which is how both pages point at a failing SQL's position. The
 * editable editor is uncontrolled after mount: `value` is its initial text, `onChange` reports edits.
 */
import { sql } from '@codemirror/lang-sql';
import { EditorState, Prec, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'preact/hooks';
import { type ErrorPosition, errorRange } from '../query-model.js';

export interface SqlEditorProps {
  readonly value: string;
  readonly readOnly?: boolean;
  readonly errorPosition?: ErrorPosition;
  readonly onChange?: (value: string) => void;
  readonly onRun?: () => void;
  readonly label: string;
}

const setErrorMark = StateEffect.define<{ from: number; to: number; title: string } | null>();

/** The error underline; edits move it with the text (and remove it when its text is deleted). */
const errorMarkField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorMark)) continue;
      const mark = effect.value;
      next =
        mark === null || mark.from >= mark.to || mark.to > transaction.state.doc.length
          ? Decoration.none
          : Decoration.set([
              Decoration.mark({ class: 'cm-error-mark', attributes: { title: mark.title } }).range(mark.from, mark.to),
            ]);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

function markEffect(text: string, position: ErrorPosition | undefined) {
  if (!position || text.length === 0) return setErrorMark.of(null);
  const { from, to } = errorRange(text, position);
  return setErrorMark.of({ from, to, title: `Error at line ${position.line}, column ${position.column}` });
}

export function SqlEditor({ value, readOnly = false, errorPosition, onChange, onRun, label }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onRun });
  callbacks.current = { onChange, onRun };

  useEffect(() => {
    if (!host.current) return;
    const state = EditorState.create({
      doc: value,
      extensions: [
        Prec.highest(
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                callbacks.current.onRun?.();
                return true;
              },
            },
          ]),
        ),
        basicSetup,
        sql(),
        EditorView.lineWrapping,
        EditorState.readOnly.of(readOnly),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) callbacks.current.onChange?.(update.state.doc.toString());
        }),
        errorMarkField,
      ],
    });
    view.current = new EditorView({ state, parent: host.current });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
    // The editor is created once per mount; later text and marks arrive through transactions.
  }, [readOnly, label]);

  // A read-only editor follows `value`; an editable one owns its text after mount (pushing the
  // parent's copy back would race with typing). The error mark is set against the current text.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    const replace = readOnly && current !== value;
    const text = replace ? value : current;
    editor.dispatch({
      changes: replace ? { from: 0, to: current.length, insert: value } : undefined,
      effects: markEffect(text, errorPosition),
    });
  }, [value, errorPosition, readOnly]);

  return <div class={`sql-editor${readOnly ? ' sql-editor-readonly' : ''}`} ref={host} />;
}
