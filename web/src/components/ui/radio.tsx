// A radio group, as buttons or dots (antd Radio.Group).
export { Radio } from 'antd';
