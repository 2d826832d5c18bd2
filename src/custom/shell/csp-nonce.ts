// The nonce the server gave this page (Vite's `<meta property="csp-nonce">`). The page's
// Content-Security-Policy admits only <style> elements that carry it; antd's CSS-in-JS takes it
// through ConfigProvider, but a few libraries insert styles of their own (refine's copy of the
// icons, rc-util's dynamic CSS), so every <style> this page's own code creates is given it too.
// Markup injected by an attacker is parsed, not created here, and so still gets no nonce.
export const cspNonce: string | undefined =
  (typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce) || undefined;

if (cspNonce) {
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = cspNonce;
    return element;
  } as typeof Document.prototype.createElement;
}
