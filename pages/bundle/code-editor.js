// The code page's editor: CodeMirror 6 with Python and JavaScript, bundled by esbuild
// into the site's `assets/code-editor.js` (scripts/build-site); the page loads it as a
// module and falls back to a plain text box where it is missing. Everything the page
// needs from CodeMirror goes through `createEditor`.
import { EditorView, basicSetup } from "codemirror";
import { Compartment, EditorState } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { indentWithTab } from "@codemirror/commands";
import { indentUnit } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { javascript } from "@codemirror/lang-javascript";

/**
 * The editor the page uses.
 * @typedef {object} CodeEditor
 * @property {() => string} getValue
 * @property {(text: string) => void} setValue
 * @property {(language: "python" | "javascript") => void} setLanguage
 * @property {() => void} focus
 */

/**
 * @param {"python" | "javascript"} language
 */
function languageOf(language) {
  return language === "python" ? python() : javascript();
}

/**
 * An editor in `parent`.
 * @param {HTMLElement} parent
 * @param {{doc: string, language: "python" | "javascript", label: string,
 *   onChange: () => void}} options
 * @returns {CodeEditor}
 */
export function createEditor(parent, options) {
  const language = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        basicSetup,
        // Tab indents (Escape, then Tab, leaves the editor: CodeMirror's own rule).
        keymap.of([indentWithTab]),
        indentUnit.of("    "),
        // Long lines wrap: a phone's width shows a whole comment.
        EditorView.lineWrapping,
        language.of(languageOf(options.language)),
        EditorView.contentAttributes.of({ "aria-label": options.label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange();
        }),
      ],
    }),
  });
  return {
    getValue: () => view.state.doc.toString(),
    setValue: (text) =>
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    setLanguage: (name) => view.dispatch({ effects: language.reconfigure(languageOf(name)) }),
    focus: () => view.focus(),
  };
}
