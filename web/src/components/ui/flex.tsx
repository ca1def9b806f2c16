// A flex row or column with the theme's gaps (antd Flex).
export { Flex } from 'antd';
