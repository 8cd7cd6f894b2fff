import { commands, Extension } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';

/**
 * ra-input-rich-text puts the form's value back into the editor after each change (typing, an image's new width) and
 * then restores the selection with `setTextSelection`. Over a selected image that made a text range across it: no
 * longer shown as selected, and replaced by the next keystroke. A range covering exactly one block atom (an image)
 * stays that node's selection; any other range is the text selection asked for.
 */
export const KeepNodeSelection = Extension.create({
  name: 'keepNodeSelection',

  addCommands() {
    return {
      setTextSelection: (position) => (props) => {
        const { tr, dispatch } = props;
        const from = typeof position === 'number' ? position : position.from;
        const to = typeof position === 'number' ? position : position.to;
        const node = from < to ? tr.doc.nodeAt(from) : null;
        if (!node?.isBlock || !node.isAtom || from + node.nodeSize !== to || !NodeSelection.isSelectable(node)) {
          return commands.setTextSelection(position)(props);
        }
        if (dispatch) tr.setSelection(NodeSelection.create(tr.doc, from));
        return true;
      },
    };
  },
});
