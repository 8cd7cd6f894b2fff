/** JSON for an inline `<script type="application/ld+json">`: no `</script>` can end it early. */
export const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
