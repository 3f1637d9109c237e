// https://tiptap.dev/docs/editor/getting-started/install/react : the post body editor. What it produces is
// only a suggestion: the server sanitizes the HTML again when the post is saved.
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../client/upload-file.ts';
import { toast } from '../Toast/toast-store.ts';
import * as styles from './admin.css.ts';

interface RichTextEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy: string;
}

export function RichTextEditor({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  labelledBy,
}: RichTextEditorProps) {
  const imageInput = useRef<HTMLInputElement>(null);
  const emitted = useRef(value);
  const [uploading, setUploading] = useState(false);
  // The editable element is the field: it carries the label, the error link and the invalid state.
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      Image,
    ],
    content: value,
    immediatelyRender: false,
    // The editor's few base rules are in admin.css.ts: the policy lets no <style> element but the site's
    // own stylesheet apply, so the one the editor would add to the page is refused.
    injectCSS: false,
    editorProps: { attributes },
    // An empty document is "<p></p>"; the form's "Content is required" check wants an empty string.
    onUpdate: ({ editor: current }) => {
      emitted.current = current.isEmpty ? '' : current.getHTML();
      onChange(emitted.current);
    },
  });

  // A value from outside (another post to edit, cancel, the reset after saving) replaces the document.
  // The editor's own echoes are skipped: by the time one comes back, more may have been typed.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, id, labelledBy, describedBy, invalid]); // eslint-disable-line react-hooks/exhaustive-deps

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bulletList: current.isActive('bulletList'),
            orderedList: current.isActive('orderedList'),
            link: current.isActive('link'),
          }
        : null,
  });

  function setLink() {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(
      'Link address (https://…, mailto: or tel:). Leave empty to remove the link.',
      previous,
    );
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  async function insertImage(file: File | undefined) {
    if (!editor || !file) return;
    setUploading(true);
    try {
      const src = await uploadFile(file, () => {});
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ') })
        .run();
      toast({ title: 'Image uploaded', description: 'File saved successfully' });
    } catch {
      toast({ title: 'Upload error', description: 'File upload failed', variant: 'destructive' });
    } finally {
      setUploading(false);
      if (imageInput.current) imageInput.current.value = '';
    }
  }

  // The visible text is the name: voice-control users say what they see.
  const tool = (label: string, active: boolean | undefined, run: () => void) => (
    // A mouse click keeps the caret in the text (no focus change), so typing goes on where it was.
    <button
      type="button"
      className={styles.toolButton}
      aria-pressed={active ?? false}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      disabled={!editor}
    >
      {label}
    </button>
  );

  return (
    <div>
      <div className={styles.editorToolbar} role="toolbar" aria-label="Formatting" aria-controls={id}>
        {tool('Heading', state?.h2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool('Subheading', state?.h3, () => editor?.chain().focus().toggleHeading({ level: 3 }).run())}
        {tool('Bold', state?.bold, () => editor?.chain().focus().toggleBold().run())}
        {tool('Italic', state?.italic, () => editor?.chain().focus().toggleItalic().run())}
        {tool('Bulleted list', state?.bulletList, () => editor?.chain().focus().toggleBulletList().run())}
        {tool('Numbered list', state?.orderedList, () => editor?.chain().focus().toggleOrderedList().run())}
        {tool('Link', state?.link, setLink)}
        <button
          type="button"
          className={styles.toolButton}
          onClick={() => imageInput.current?.click()}
          disabled={!editor || uploading}
        >
          {uploading ? 'Uploading...' : 'Insert image'}
        </button>
        <input
          ref={imageInput}
          type="file"
          accept="image/*"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(event) => insertImage(event.target.files?.[0])}
        />
      </div>
      <div className={styles.editorArea} aria-invalid={invalid ? true : undefined}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
