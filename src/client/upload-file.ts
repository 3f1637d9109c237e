/**
 * POST /api/admin/upload with progress: fetch cannot report upload progress,
 * XMLHttpRequest can. Resolves with the stored file's path; rejects with the server's message
 * or 'Upload failed'.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/upload');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { success?: boolean; filePath?: string; message?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // not our JSON: the generic message below
      }
      if (request.status >= 200 && request.status < 300 && body.success && body.filePath)
        resolve(body.filePath);
      else reject(new Error(body.message || 'Upload failed'));
    };
    request.onerror = () => reject(new Error('Upload failed'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
