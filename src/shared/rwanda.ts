/**
 * Rwanda's 30 districts and their provinces (the administrative map since 2006: Kigali City and four provinces),
 * for an order's delivery address. A district is stored by its name as written here; the province follows from it.
 */
export const provinces = ['kigali', 'eastern', 'northern', 'southern', 'western'] as const
export type Province = (typeof provinces)[number]

export const districtsByProvince = {
  kigali: ['Gasabo', 'Kicukiro', 'Nyarugenge'],
  eastern: ['Bugesera', 'Gatsibo', 'Kayonza', 'Kirehe', 'Ngoma', 'Nyagatare', 'Rwamagana'],
  northern: ['Burera', 'Gakenke', 'Gicumbi', 'Musanze', 'Rulindo'],
  southern: ['Gisagara', 'Huye', 'Kamonyi', 'Muhanga', 'Nyamagabe', 'Nyanza', 'Nyaruguru', 'Ruhango'],
  western: ['Karongi', 'Ngororero', 'Nyabihu', 'Nyamasheke', 'Rubavu', 'Rusizi', 'Rutsiro'],
} as const satisfies Record<Province, readonly string[]>

export type District = (typeof districtsByProvince)[Province][number]

/** The 30 districts, by province, each in alphabetical order. */
export const districts = provinces.flatMap((province) => districtsByProvince[province]) as readonly District[]

/** The province a district belongs to. */
export function provinceOf(district: string): Province | null {
  return (
    provinces.find((province) => (districtsByProvince[province] as readonly string[]).includes(district)) ??
    null
  )
}

/** The district as written here, whatever the case and spacing it was typed in ("  kicukiro" is Kicukiro). */
export function districtNamed(input: string): District | null {
  const key = input.trim().toLowerCase()
  return districts.find((district) => district.toLowerCase() === key) ?? null
}
