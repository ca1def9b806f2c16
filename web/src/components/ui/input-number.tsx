// A number box with steps, limits and a suffix (antd InputNumber).
export { InputNumber } from 'antd';
