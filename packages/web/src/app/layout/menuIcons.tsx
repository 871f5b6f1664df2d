import type { ComponentType } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BuildOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  PieChartOutlined,
  ProductOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScanOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * Menu icon names the server may send (menuIcon) → icon components. An explicit list keeps the bundle
 * to these icons instead of the whole set; an unknown name shows the generic icon.
 */
const MENU_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BuildOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  PieChartOutlined,
  ProductOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScanOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

/** The icon names the menu configuration screen offers. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(MENU_ICONS);

export function MenuIcon({ name }: { name: string }) {
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
