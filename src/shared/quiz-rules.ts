/** A quiz counts as passed on the dashboard from this best score up (a whole percentage). */
export const QUIZ_PASS_MARK = 70;
