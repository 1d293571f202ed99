import type { Category } from '../../core/catalogue/types';
import { slugify } from './rng';

/** The category tree of the demo shop, rooted at id 2 (spec catalogue §9: root category id 2). */
export type ProductFamily =
  | 'wrapping' | 'ribbon' | 'bag' | 'box' | 'card' | 'envelope' | 'tag' | 'notebook' | 'office' | 'wholesale';

/** A child names its own family and theme only where they differ from its parent's (a plain name: the same). */
interface TreeNode {
  name: string;
  family?: ProductFamily;
  /** Word that goes into product names in this category (e.g. 'kerstpapier') */
  theme?: string;
  children?: (TreeNode | string)[];
  description?: string;
}

const TREE: TreeNode[] = [
  {
    name: 'Inpakpapier', family: 'wrapping', description: 'Inpakpapier, cadeaupapier en kadopapier op rol voor elke gelegenheid.',
    children: [
      { name: 'Kerst', theme: 'kerst', children: ['Klassiek', 'Modern', 'Kinderen'] },
      { name: 'Verjaardag', theme: 'verjaardag', children: ['Kinderfeest', 'Volwassenen'] },
      { name: 'Bruiloft', theme: 'bruiloft' },
      { name: 'Baby en geboorte', theme: 'baby' },
      { name: 'Luxe cadeaupapier', theme: 'luxe' },
      { name: 'Kraftpapier', theme: 'kraft' },
    ],
  },
  { name: 'Linten', family: 'ribbon', description: 'Linten en koorden om elk cadeau af te maken.', children: ['Satijnlint', 'Krullint', 'Organza lint', 'Jute koord'] },
  { name: 'Cadeauzakjes', family: 'bag', description: 'Papieren tassen, organza zakjes en cellofaan zakjes.', children: ['Papieren tassen', 'Organza zakjes', 'Cellofaan zakjes'] },
  { name: 'Dozen', family: 'box', description: 'Cadeaudozen, magneetdozen en verzenddozen.', children: ['Cadeaudozen', 'Magneetdozen', 'Verzenddozen'] },
  {
    name: 'Kaarten en enveloppen', family: 'card', description: 'Wenskaarten, enveloppen, labels en cadeaulabels.',
    children: ['Wenskaarten', { name: 'Enveloppen', family: 'envelope' }, { name: 'Labels en tags', family: 'tag' }],
  },
  { name: 'Notitieboeken', family: 'notebook', description: 'Notitieboeken en schetsboeken van duurzaam papier.', children: ['Gelinieerd', 'Blanco', 'Dotted'] },
  { name: 'Kantoorpapier', family: 'office', description: 'Printpapier, gekleurd papier en karton.', children: ['Printpapier', 'Gekleurd papier', 'Karton'] },
  { name: 'Groothandel', family: 'wholesale', description: 'Kadoverpakkingen in groothandelsverpakking voor winkeliers.', children: ['Rollen inpakpapier', 'Dozen per 100'] },
];

export interface CategoryInfo {
  category: Category;
  family: ProductFamily | undefined;
  theme: string | undefined;
  ancestors: number[]; // ids from level 2 down to this one (excluding root 2)
  isLeaf: boolean;
}

const ROOT_CATEGORY_ID = 2;

export function buildCategories(): CategoryInfo[] {
  const out: CategoryInfo[] = [];
  let nextId = 3;
  const root: Category = {
    id: ROOT_CATEGORY_ID, parent_id: 1, parent_ids: [1], level: 1, name: 'Default Category', is_active: true, position: 1,
    path: '1/2', url_key: 'default-category', url_path: '', slug: 'default-category-2', children_count: 0, product_count: 0,
  };
  out.push({ category: root, family: undefined, theme: undefined, ancestors: [], isLeaf: false });

  const walk = (nodes: (TreeNode | string)[], parent: CategoryInfo): Category[] =>
    nodes.map((given, index) => {
      const node = typeof given === 'string' ? { name: given } : given;
      const id = nextId++;
      const urlKey = slugify(node.name);
      const urlPath = parent.category.id === ROOT_CATEGORY_ID ? urlKey : `${parent.category.url_path}/${urlKey}`;
      const category: Category = {
        id, parent_id: parent.category.id, parent_ids: [...(parent.category.parent_ids ?? []), parent.category.id],
        level: parent.category.level + 1, name: node.name, is_active: true, position: index + 1,
        path: `${parent.category.path}/${id}`, url_key: urlKey, url_path: urlPath, slug: `${urlKey}-${id}`,
        description: node.description ?? `<p>${node.name}: ruim assortiment, snel geleverd.</p>`,
        product_count: 0, children_count: 0,
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
  root.children_data = walk(TREE, out[0] as CategoryInfo);
  root.children_count = String(root.children_data.length);
  return out;
}
