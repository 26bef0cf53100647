/** Where the README says a platform's boot image URL comes from: the image module, once the schematic exists. */
export const BOOT_IMAGE_URL = "its URL comes from `tofu apply -target=module.image` and `tofu output -raw boot_image_url`";
