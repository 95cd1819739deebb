/*
 * Whether this page is being left (issue 40, decision 0024). When the learner opens another page,
 * the browser hides this one (`pagehide`) and then cuts off every request still arriving: an answer
 * whose status said 200 ends without its body. What fails in that moment says nothing about the
 * server or the learner, so nothing may act on it (above all, nothing may change what is stored on
 * the device). A page kept in the back/forward cache is shown again (`pageshow`) and is live again.
 */

let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** True from the moment the browser hides this page to leave it until it is shown again. */
export function pageIsBeingLeft(): boolean {
  return leaving;
}
