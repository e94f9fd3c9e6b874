/**
 * The 20 chart colours. Mid-lightness hues that keep their contrast on both
 * the light and the dark background; series take them in order and wrap after 20.
 */
export const chartPalette = [
  '#5B8FF9',
  '#5AD8A6',
  '#F6BD16',
  '#E8684A',
  '#6DC8EC',
  '#9270CA',
  '#FF9D4D',
  '#269A99',
  '#FF99C3',
  '#A0DC2C',
  '#7C8CF8',
  '#F4664A',
  '#30BF78',
  '#FAAD14',
  '#36CFC9',
  '#B37FEB',
  '#FF85C0',
  '#73D13D',
  '#40A9FF',
  '#D3ADF7',
] as const;
