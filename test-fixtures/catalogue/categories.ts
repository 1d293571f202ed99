import type { Category } from '../../core/catalogue/types';
import { slugify } from './rng';

/** The category tree of the demo shop, rooted at id 2 (spec catalogue §9: root category id 2). */
export type ProductFamily =
  | 'wrapping' | 'ribbon' | 'bag' | 'box' | 'card' | 'envelope' | 'tag' | 'notebook' | 'office' | 'wholesale';

interface TreeNode {
  name: string;
  family?: ProductFamily;
  /** Word that goes into product names in this category (e.g. 'kerstpapier') */
  theme?: string;
  children?: TreeNode[];
  description?: string;
}

const TREE: TreeNode[] = [
  {
    name: 'Inpakpapier', family: 'wrapping', description: 'Inpakpapier, cadeaupapier en kadopapier op rol voor elke gelegenheid.',
    children: [
      { name: 'Kerst', family: 'wrapping', theme: 'kerst', children: [
        { name: 'Klassiek', family: 'wrapping', theme: 'kerst' },
        { name: 'Modern', family: 'wrapping', theme: 'kerst' },
        { name: 'Kinderen', family: 'wrapping', theme: 'kerst' },
      ] },
      { name: 'Verjaardag', family: 'wrapping', theme: 'verjaardag', children: [
        { name: 'Kinderfeest', family: 'wrapping', theme: 'verjaardag' },
        { name: 'Volwassenen', family: 'wrapping', theme: 'verjaardag' },
      ] },
      { name: 'Bruiloft', family: 'wrapping', theme: 'bruiloft' },
      { name: 'Baby en geboorte', family: 'wrapping', theme: 'baby' },
      { name: 'Luxe cadeaupapier', family: 'wrapping', theme: 'luxe' },
      { name: 'Kraftpapier', family: 'wrapping', theme: 'kraft' },
    ],
  },
  {
    name: 'Linten', family: 'ribbon', description: 'Linten en koorden om elk cadeau af te maken.',
    children: [
      { name: 'Satijnlint', family: 'ribbon' },
      { name: 'Krullint', family: 'ribbon' },
      { name: 'Organza lint', family: 'ribbon' },
      { name: 'Jute koord', family: 'ribbon' },
    ],
  },
  {
    name: 'Cadeauzakjes', family: 'bag', description: 'Papieren tassen, organza zakjes en cellofaan zakjes.',
    children: [
      { name: 'Papieren tassen', family: 'bag' },
      { name: 'Organza zakjes', family: 'bag' },
      { name: 'Cellofaan zakjes', family: 'bag' },
    ],
  },
  {
    name: 'Dozen', family: 'box', description: 'Cadeaudozen, magneetdozen en verzenddozen.',
    children: [
      { name: 'Cadeaudozen', family: 'box' },
      { name: 'Magneetdozen', family: 'box' },
      { name: 'Verzenddozen', family: 'box' },
    ],
  },
  {
    name: 'Kaarten en enveloppen', family: 'card', description: 'Wenskaarten, enveloppen, labels en cadeaulabels.',
    children: [
      { name: 'Wenskaarten', family: 'card' },
      { name: 'Enveloppen', family: 'envelope' },
      { name: 'Labels en tags', family: 'tag' },
    ],
  },
  {
    name: 'Notitieboeken', family: 'notebook', description: 'Notitieboeken en schetsboeken van duurzaam papier.',
    children: [
      { name: 'Gelinieerd', family: 'notebook' },
      { name: 'Blanco', family: 'notebook' },
      { name: 'Dotted', family: 'notebook' },
    ],
  },
  {
    name: 'Kantoorpapier', family: 'office', description: 'Printpapier, gekleurd papier en karton.',
    children: [
      { name: 'Printpapier', family: 'office' },
      { name: 'Gekleurd papier', family: 'office' },
      { name: 'Karton', family: 'office' },
    ],
  },
  {
    name: 'Groothandel', family: 'wholesale', description: 'Kadoverpakkingen in groothandelsverpakking voor winkeliers.',
    children: [
      { name: 'Rollen inpakpapier', family: 'wholesale' },
      { name: 'Dozen per 100', family: 'wholesale' },
    ],
  },
];

export interface CategoryInfo {
  category: Category;
  family: ProductFamily | undefined;
  theme: string | undefined;
  ancestors: number[]; // ids from level 2 down to this one (excluding root 2)
  isLeaf: boolean;
}

export const ROOT_CATEGORY_ID = 2;

export function buildCategories(): CategoryInfo[] {
  const out: CategoryInfo[] = [];
  let nextId = 3;
  const root: Category = {
    id: ROOT_CATEGORY_ID, parent_id: 1, parent_ids: [1], level: 1, name: 'Default Category', is_active: true, position: 1,
    path: '1/2', url_key: 'default-category', url_path: '', slug: 'default-category-2', children_count: 0, product_count: 0,
  };
  out.push({ category: root, family: undefined, theme: undefined, ancestors: [], isLeaf: false });

  const walk = (nodes: TreeNode[], parent: CategoryInfo): Category[] => {
    return nodes.map((node, index) => {
      const id = nextId++;
      const urlKey = slugify(node.name);
      const urlPath = parent.category.id === ROOT_CATEGORY_ID ? urlKey : `${parent.category.url_path}/${urlKey}`;
      const category: Category = {
        id,
        parent_id: parent.category.id,
        parent_ids: [...(parent.category.parent_ids ?? []), parent.category.id],
        level: parent.category.level + 1,
        name: node.name,
        is_active: true,
        position: index + 1,
        path: `${parent.category.path}/${id}`,
        url_key: urlKey,
        url_path: urlPath,
        slug: `${urlKey}-${id}`,
        description: node.description ?? `<p>${node.name}: ruim assortiment, snel geleverd.</p>`,
        product_count: 0,
        children_count: 0,
      };
      (category as Category & { include_in_menu: number }).include_in_menu = 1;
      const info: CategoryInfo = {
        category, family: node.family ?? parent.family, theme: node.theme ?? parent.theme,
        ancestors: [...parent.ancestors, id], isLeaf: !node.children?.length,
      };
      out.push(info);
      category.children_data = node.children ? walk(node.children, info) : [];
      category.children_count = String(category.children_data.length);
      return category;
    });
  };
  root.children_data = walk(TREE, out[0] as CategoryInfo);
  root.children_count = String(root.children_data.length);
  return out;
}
