import './ui.css';
import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * An Ant Design icon drawn from its SVG data alone (@ant-design/icons-svg), without the icon component
 * library and its runtime: the consumer pages show the same glyphs as the portal for a few hundred bytes.
 * Decorative, like antd's: the text next to it says what it means.
 *
 * Usage: `import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled'; <Icon icon={CheckCircleFilled} />`
 */
export function Icon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={className ? `pub-icon ${className}` : 'pub-icon'} aria-hidden="true">
      <svg viewBox={root.attrs.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {root.children?.map(draw)}
      </svg>
    </span>
  );
}

function draw(node: AbstractNode, index: number): ReactNode {
  return createElement(node.tag, { key: index, ...node.attrs }, node.children?.map(draw));
}
