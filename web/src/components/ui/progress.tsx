// A progress bar (antd Progress).
export { Progress } from 'antd';
