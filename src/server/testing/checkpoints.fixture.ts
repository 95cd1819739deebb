/*
 * The five checkpoints of the fixture lesson (content.fixture.ts), one of each kind the format
 * knows: options with why-nots and a reveal, typed output, raises=, stdin= and four options.
 */

/** Five checkpoints: options, typed output (no options), raises=, stdin= and a 4-option one. */
export const CHECKPOINTS: readonly string[] = [
  `\`\`\`python checkpoint
count = 2
count = count + 3
print(count)
\`\`\`

\`\`\`output
5
\`\`\`

\`\`\`predict
options:
  - output: "2"
    why-not: The second line does not reset \`count\`; it adds 3 to the 2 it holds.
  - "5"
  - output: "count + 3"
    why-not: "\`print\` shows the value a name holds, not the sum as it was written."
why: The right side is worked out first, with the old \`count\`, and the result replaces it.
\`\`\`

<!-- reveal -->
Assignment works right to left: Python first works out \`count + 3\` with the value \`count\` holds,
then makes \`count\` name the result.
<!-- /reveal -->`,
  `\`\`\`python checkpoint
print("ab" * 3)
\`\`\`

\`\`\`output
ababab
\`\`\`

\`\`\`predict
why: Multiplying a string by 3 repeats it three times.
\`\`\``,
  `\`\`\`python checkpoint raises=ValueError
print("start")
print(int("ten"))
\`\`\`

\`\`\`output
start
ValueError: invalid literal for int() with base 10: 'ten'
\`\`\`

\`\`\`predict
options:
  - |
    start
    ValueError: invalid literal for int() with base 10: 'ten'
  - output: "start"
    why-not: An error is shown too, as the last line of what the program prints.
  - output: "ValueError: invalid literal for int() with base 10: 'ten'"
    why-not: The first line runs before the error, so \`start\` is printed first.
why: Lines run in order, so \`start\` is printed before the error stops the program.
\`\`\``,
  `\`\`\`python checkpoint stdin="Bo"
name = input()
print("Hi", name)
\`\`\`

\`\`\`output
Hi Bo
\`\`\`

\`\`\`predict
options:
  - output: Hi name
    why-not: "\`name\` without quotes is a variable: \`print\` shows what it holds."
  - Hi Bo
  - output: HiBo
    why-not: "\`print\` puts a space between its arguments."
why: "\`print\` puts one space between its arguments, and \`name\` holds what was typed."
\`\`\``,
  `\`\`\`python checkpoint
names = ["Ada"]
others = names
others.append("Alan")
print(len(names))
\`\`\`

\`\`\`output
2
\`\`\`

\`\`\`predict
options:
  - output: "1"
    why-not: "\`others = names\` does not copy the list: both names lead to the same one."
  - output: "0"
    why-not: The list starts with one item, and nothing removes it.
  - output: "3"
    why-not: "\`len\` counts items, and there are two of them."
  - "2"
why: "\`others\` and \`names\` are two names for one list, so appending through either changes it."
\`\`\``,
];
