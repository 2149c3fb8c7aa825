/**
 * Texts of the product preview (issue 18 item 3; spec §3 "Product preview", §7 `bonaz/parser`): the
 * server's errors for a product link (422 `errors.url`) and the product card's labels.
 */
export const azProductPreview = {
  // the link itself
  urlRequired: 'Məhsulun linki daxil edilməyib',
  urlInvalid: 'Link düzgün deyil',
  urlScheme: 'Yalnız http və https linkləri qəbul olunur',
  urlCredentials: 'Linkdə istifadəçi adı və ya şifrə ola bilməz',
  urlPort: 'Linkdə yalnız standart portlar (80, 443) ola bilər',
  // fetching the page
  addressRefused: 'Bu ünvana müraciət etmək olmaz (daxili və ya qadağan olunmuş ünvan)',
  hostNotFound: 'Saytın ünvanı tapılmadı',
  timeout: 'Sayt {SECONDS} saniyə ərzində cavab vermədi',
  tooBig: 'Səhifə çox böyükdür ({MB} MB-dan artıq)',
  notHtml: 'Link məhsul səhifəsinə aparmır (səhifə HTML deyil)',
  httpStatus: 'Sayt səhifəni vermədi (HTTP {STATUS})',
  notFound: 'Məhsul səhifəsi tapılmadı (HTTP 404)',
  tooManyRedirects: 'Sayt çox sayda yönləndirmə edir',
  badRedirect: 'Saytın yönləndirməsi düzgün deyil',
  network: 'Sayta qoşulmaq mümkün olmadı',
  // reading it
  notParsed: 'Məhsul məlumatı oxunmadı: səhifədə məhsulun adı tapılmadı',
  // the product card (spec §3)
  title: 'Məhsul',
  name: 'Ad',
  brand: 'Brend',
  color: 'Rəng',
  price: 'Qiymət',
  originalPrice: 'Endirimsiz qiymət',
  converted: 'Məzənnə ilə',
  breadcrumb: 'Kateqoriya',
  description: 'Təsvir',
  openLink: 'Məhsulun linki',
  loading: 'Məhsul məlumatı oxunur...',
} as const;
