import { useId, useState } from 'react';
import { uploadFile } from '../../client/upload-file.ts';
import { formatBytes } from '../../shared/format-bytes.ts';
import { toast } from '../Toast/toast-store.ts';
import * as styles from './admin.css.ts';

interface MediaUploadFieldProps {
  kind: 'image' | 'video';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The field's name when it is more than "Image" or "Video" (a logo, an offer's picture). */
  label?: string;
}

/** Success stores the returned path in the field; failure clears it. */
export function MediaUploadField({ kind, value, onChange, error, label: named }: MediaUploadFieldProps) {
  const id = useId();
  const label = named ?? (kind === 'image' ? 'Image' : 'Video');
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setChosen({ name: file.name, size: file.size });
    setProgress(0);
    try {
      const path = await uploadFile(file, setProgress);
      onChange(path);
      toast({ title: `${label} uploaded`, description: 'File saved successfully' });
    } catch {
      onChange('');
      toast({ title: 'Upload error', description: 'File upload failed', variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  return (
    <fieldset className={styles.field} style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend className={styles.label}>{label}</legend>
      <label className={styles.hint} htmlFor={`${id}-file`}>
        Upload {kind === 'image' ? 'an image (JPEG, PNG, GIF, WebP, AVIF)' : 'a video (MP4, MOV, WebM, Ogg)'}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept={kind === 'image' ? 'image/*' : 'video/*'}
        onChange={(event) => onFile(event.target.files?.[0])}
        disabled={progress !== null}
      />
      {chosen && (
        <p className={styles.hint}>
          {chosen.name} ({formatBytes(chosen.size)})
        </p>
      )}
      {progress !== null && (
        <progress
          className={styles.progress}
          max={1}
          value={progress}
          aria-label={`Uploading ${label.toLowerCase()}`}
        >
          {Math.round(progress * 100)}%
        </progress>
      )}
      <label className={styles.hint} htmlFor={`${id}-path`}>
        {label} path or URL
      </label>
      <input
        id={`${id}-path`}
        type="text"
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={kind === 'image' ? '/uploads/photo.jpg' : '/uploads/clip.mp4'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
      {value && kind === 'image' && !value.startsWith('data:') && (
        // It previews an image beside a video field: "image" tells the owner which of the two this is.
        // eslint-disable-next-line jsx-a11y/img-redundant-alt
        <img className={styles.preview} src={value} alt="Preview of the chosen image" />
      )}
      {value && kind === 'video' && (
        // A preview for the owner of the file just uploaded, which comes without a caption track.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          className={styles.preview}
          src={value}
          controls
          preload="metadata"
          aria-label="Preview of the chosen video"
        />
      )}
    </fieldset>
  );
}
