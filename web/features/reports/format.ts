/** For charts only: Chart.js draws numbers. The figures themselves stay decimal text, formatted by common/format.ts. */
export const chartNumber = (value: string) => Number(value);
