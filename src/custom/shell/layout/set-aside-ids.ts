// A hidden cached view holds the same element ids as the page on screen when both are forms of one
// kind (antd names a field's input by the field, RJSF by `root_<field>`): a label of the page on
// screen would then name, and focus, the hidden page's input, and an id lookup would find it
// first. While a view is hidden its ids, label targets, accessible names and test ids are set
// aside under data attributes (also those its renders add meanwhile), and put back before it is
// shown again: a hidden page answers to no label, name or id.

const SET_ASIDE = ['id', 'for', 'aria-label', 'aria-labelledby', 'data-testid'] as const;
const asideName = (attribute: string) => `data-aside-${attribute}`;
const SELECTOR = SET_ASIDE.map((a) => `[${a}]`).join(',');
const ASIDE_SELECTOR = SET_ASIDE.map((a) => `[${asideName(a)}]`).join(',');

function setAside(element: Element): void {
  for (const attribute of SET_ASIDE) {
    const value = element.getAttribute(attribute);
    if (value === null) continue;
    element.setAttribute(asideName(attribute), value);
    element.removeAttribute(attribute);
  }
}

function putBack(element: Element): void {
  for (const attribute of SET_ASIDE) {
    const value = element.getAttribute(asideName(attribute));
    if (value === null) continue;
    // A value the page set while hidden was set aside too, and is the one to keep.
    element.setAttribute(attribute, value);
    element.removeAttribute(asideName(attribute));
  }
}

/** What the view's renders changed while it was hidden: set aside as well. */
function setAsideChanges(records: MutationRecord[]): void {
  for (const record of records) {
    if (record.type === 'attributes' && record.target instanceof Element) setAside(record.target);
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      setAside(node);
      node.querySelectorAll(SELECTOR).forEach(setAside);
    }
  }
}

/** Sets the ids of `root`'s elements aside until the returned function puts them back. */
export function setAsideIds(root: HTMLElement): () => void {
  root.querySelectorAll(SELECTOR).forEach(setAside);
  const observer = new MutationObserver(setAsideChanges);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: [...SET_ASIDE] });
  return () => {
    // Changes made since the last callback are still queued: they are taken before putting back.
    setAsideChanges(observer.takeRecords());
    observer.disconnect();
    root.querySelectorAll(ASIDE_SELECTOR).forEach(putBack);
  };
}
