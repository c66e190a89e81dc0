// The panel that edits one node of the tree: a leaf's value, a child added, a node
// removed. It changes the page's editable tree and says so; the page then rewrites the
// text and asks for the values again.

import { make } from "./dom.js";
import { nodeAt } from "./tree-model.js";
import { t } from "./words.js";

/** @typedef {import("./tree-model.js").ModelNode} ModelNode */

/**
 * A button with an id and an action.
 * @param {string} text
 * @param {string} id
 * @param {() => void} action
 * @returns {HTMLButtonElement}
 */
function button(text, id, action) {
  const b = make("button", { text, id });
  b.type = "button";
  b.addEventListener("click", action);
  return b;
}

/** The editor of one node, shown in a panel of the page. */
export class Editor {
  /**
   * @param {HTMLElement} panel where the editor shows (hidden while closed)
   * @param {() => void} changed called after the tree was changed
   */
  constructor(panel, changed) {
    this.panel = panel;
    this.changed = changed;
    /** @type {number[] | null} the path of the node being edited */
    this.selected = null;
  }

  close() {
    this.panel.hidden = true;
    this.panel.replaceChildren();
    this.selected = null;
  }

  /**
   * Opens the editor on the node at `path` of `root`.
   * @param {ModelNode} root
   * @param {number[]} path
   */
  open(root, path) {
    this.selected = path;
    const node = nodeAt(root, path);
    const panel = this.panel;
    panel.hidden = false;
    panel.replaceChildren();
    const leaf = node.children.length === 0;
    const name = node.named ? node.name : "";
    panel.append(make("strong", { text: t(leaf ? "tree.editor.leaf" : "tree.editor.node", { name }) }));
    if (leaf) {
      const field = make("label", { text: t("tree.editor.value") });
      const input = make("input", { id: "leaf-value" });
      input.type = "number";
      input.step = "any";
      input.value = `${node.value ?? 0}`;
      field.append(input);
      const set = button(t("tree.editor.set"), "set-value", () => {
        const value = Number(input.value);
        if (input.value.trim() === "" || !Number.isFinite(value)) return;
        node.value = value;
        this.done();
      });
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") set.click();
      });
      panel.append(field, set);
      setTimeout(() => input.focus(), 0);
    }
    panel.append(
      button(t("tree.editor.add-child"), "add-child", () => {
        // A leaf that gets a child passes its value on to it: the tree still reads.
        node.children.push({ name: "", named: false, value: leaf ? node.value : 0, children: [] });
        node.value = null;
        this.done();
      }),
    );
    if (path.length > 0) {
      panel.append(
        button(t("tree.editor.remove"), "remove-node", () => {
          const parent = nodeAt(root, path.slice(0, -1));
          parent.children.splice(path[path.length - 1], 1);
          // A node left with no child is a leaf, and a leaf needs a value.
          if (parent.children.length === 0) parent.value = 0;
          this.done();
        }),
      );
    }
    panel.append(button(t("tree.editor.close"), "close-editor", () => this.close()));
  }

  /** @private */
  done() {
    this.close();
    this.changed();
  }
}
