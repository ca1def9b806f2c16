// A bordered list of label / value pairs (antd Descriptions).
export { Descriptions } from 'antd';
