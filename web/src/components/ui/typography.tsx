// Headings, text runs, paragraphs and links with the theme's type scale (antd Typography).
export { Typography } from 'antd';
