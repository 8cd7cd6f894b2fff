import PaletteIcon from '@mui/icons-material/Palette';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: PaletteIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Логотип или цвет |||| Логотипы и цвета',
    fields: {
      id: 'ID',
      category_id: 'Категория',
      type: 'Тип',
      title: 'Название',
      position: 'Порядок',
      preview: 'Превью',
      hex: 'HEX',
      rgb: 'RGB',
      cmyk: 'CMYK',
      pantone: 'Pantone',
      files: 'Файлы (SVG, PNG, PDF, EPS)',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./LogoList.js')).LogoList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
