// A card with an optional cover (antd Card).
export { Card } from 'antd';
