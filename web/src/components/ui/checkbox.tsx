// A checkbox with its label (antd Checkbox).
export { Checkbox } from 'antd';
