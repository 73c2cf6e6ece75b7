// The Media tab.
export const media = {
  heading: 'Media library',
  empty: 'No media files yet',
  supported: 'Supports JPG, PNG, GIF, MP4, PDF up to 10MB',
  note: 'Uploading here is not available: upload project images in the project dialog (Projects tab) and import blog files in the blog post dialog (Blog tab).',
  upload: 'Upload files',
}
