// "Download my data" as one file: the server's export holds each photo apart (its `photo_url`), so no
// request holds sixteen photos at once; the browser reads them one by one and puts each in its cat.

interface ExportedCat {
  id: number
  photo_url: string | null
}

/** The export with each cat's photo (a data URL, or null) beside its `photo_url`, read one at a time. */
export async function withPhotos<T extends { cats: ExportedCat[] }>(
  data: T,
  readPhoto: (catId: number) => Promise<string | null>,
): Promise<T> {
  const cats: (ExportedCat & { photo: string | null })[] = []
  for (const cat of data.cats) {
    cats.push({ ...cat, photo: cat.photo_url ? await readPhoto(cat.id) : null })
  }
  return { ...data, cats }
}

/**
 * A stored photo's bytes (by its signed address) as a data URL: the saved file holds each photo itself,
 * so it stays whole away from the app. Only the file keeps it; no cache does.
 */
export async function fileAsDataUrl(url: string): Promise<string> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Reading a photo failed (${response.status})`)
  const blob = await response.blob()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })
}

/** Saves `data` as kitty-care-data.json through a temporary link. */
export function saveJson(data: unknown, name = 'kitty-care-data.json') {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
