/**
 * The stage tree as a graph: the output stage on top, the stages feeding it below, one box per
 * stage with its state, partitioning, tasks, rows, bytes and CPU. A tidy layout: leaves take
 * consecutive columns and a parent sits above the middle of its children. Each box is a
 * focusable button that selects the stage whose task table is shown below the graph.
 */
import { formatBytes, formatCount, formatDuration } from '../format.js';
import type { StageNode } from '../query-model.js';

const BOX_WIDTH = 210;
const BOX_HEIGHT = 86;
const GAP_X = 24;
const GAP_Y = 40;

interface Placed {
  readonly node: StageNode;
  readonly x: number;
  readonly y: number;
  readonly parent: Placed | undefined;
}

function layout(root: StageNode): { placed: Placed[]; width: number; height: number } {
  const placed: Placed[] = [];
  let nextColumn = 0;
  let depthMax = 0;
  const place = (node: StageNode, depth: number, parent: Placed | undefined): number => {
    depthMax = Math.max(depthMax, depth);
    const entry = { node, x: 0, y: depth * (BOX_HEIGHT + GAP_Y), parent } as {
      -readonly [K in keyof Placed]: Placed[K];
    };
    placed.push(entry);
    let column: number;
    if (node.children.length === 0) {
      column = nextColumn++;
    } else {
      const columns = node.children.map((child) => place(child, depth + 1, entry));
      column = (columns[0]! + columns[columns.length - 1]!) / 2;
    }
    entry.x = column * (BOX_WIDTH + GAP_X);
    return column;
  };
  place(root, 0, undefined);
  return {
    placed,
    width: Math.max(1, nextColumn) * (BOX_WIDTH + GAP_X) - GAP_X,
    height: (depthMax + 1) * (BOX_HEIGHT + GAP_Y) - GAP_Y,
  };
}

export interface StageGraphProps {
  readonly root: StageNode;
  readonly selected: string | undefined;
  readonly onSelect: (stageId: string) => void;
}

export function StageGraph({ root, selected, onSelect }: StageGraphProps) {
  const { placed, width, height } = layout(root);
  return (
    <svg class="stage-graph" width={width + 2} height={height + 2} viewBox={`-1 -1 ${width + 2} ${height + 2}`}>
      <title>Stage tree</title>
      {placed
        .filter((p) => p.parent)
        .map((p) => (
          <line
            key={`edge-${p.node.stageId}`}
            class="stage-edge"
            x1={p.x + BOX_WIDTH / 2}
            y1={p.y}
            x2={p.parent!.x + BOX_WIDTH / 2}
            y2={p.parent!.y + BOX_HEIGHT}
          />
        ))}
      {placed.map(({ node, x, y }) => {
        const id = node.stageId.split('.').pop() ?? node.stageId;
        const select = () => onSelect(node.stageId);
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it takes the role and keys instead.
          <g
            key={node.stageId}
            class={`stage-node stage-${node.state.toLowerCase()}${selected === node.stageId ? ' stage-selected' : ''}`}
            transform={`translate(${x},${y})`}
            tabindex={0}
            role="button"
            aria-pressed={selected === node.stageId}
            aria-label={`Stage ${id}, ${node.state}, ${node.tasks.length} tasks`}
            data-stage-id={node.stageId}
            onClick={select}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                select();
              }
            }}
          >
            <rect width={BOX_WIDTH} height={BOX_HEIGHT} rx={6} />
            <text x={10} y={20} class="stage-title">
              Stage {id} · {node.state}
            </text>
            <text x={10} y={38}>
              {node.partitioning ?? 'partitioning –'}
            </text>
            <text x={10} y={56}>
              {node.tasks.length} tasks · {formatCount(node.rows)} rows · {formatBytes(node.bytes)}
            </text>
            <text x={10} y={74}>
              CPU {formatDuration(node.cpuMs)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
