/**
 * The choice a control's value names, typed as the choices are; undefined when it names none. A
 * select's onChange gives a string: this narrows it (no cast), so a write built from it is checked
 * against the API's input like every other field.
 */
export const choiceOf = <Choice extends string>(choices: readonly Choice[], value: string): Choice | undefined => choices.find((choice) => choice === value);
