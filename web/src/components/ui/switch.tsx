// An on / off switch (antd Switch).
export { Switch } from 'antd';
