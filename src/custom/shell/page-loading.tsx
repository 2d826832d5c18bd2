import { Spin } from 'antd';

export const pageLoading = <Spin size="large" style={{ display: 'block', margin: '30vh auto' }} />;
