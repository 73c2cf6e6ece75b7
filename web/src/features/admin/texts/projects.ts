// The Projects tab. Its form's labels are the English ones of /projects' 'Add Project'.
import { catalogs } from '@/i18n'

export const projects = {
  heading: 'Projects',
  newItem: 'New Project',
  empty: 'No projects yet.',
  createTitle: 'Create New Project',
  editTitle: 'Edit Project',
  // The form's labels are the English ones of 'Add Project' (the image is uploaded, labelled by `image`).
  fields: catalogs.en.projects.fields,
  image: 'Image',
  imageHint: 'One image file, at most 10 MB.',
  uploadImage: 'Upload Image',
  changeImage: 'Change Image',
  removeImage: 'Remove image',
  uploadingImage: 'Uploading...',
  imagePreview: 'Preview of the project image',
  noImage: 'No image',
  create: 'Create Project',
  update: 'Update Project',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  uploadFailed: 'Failed to upload file',
  uploaded: 'Image uploaded successfully',
  tooLarge: 'File size must be less than 10MB',
  notImage: 'Please select an image file',
  added: 'Project added successfully!',
  updatedOk: 'Project updated successfully!',
  deleted: 'Project deleted!',
  failed: 'Something went wrong. Please try again.',
}
