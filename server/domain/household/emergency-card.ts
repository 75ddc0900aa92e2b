// A sitter's emergency card (docs/household.md): the cat's conditions and current medicines, the owner,
// the usual and the emergency vet. Everyone who may read the cat's record may read it.
import type { EmergencyCard } from '../../../shared/schemas/household.ts'
import type { Db } from '../../db.ts'
import { careCat } from '../care/care-cat.ts'
import { getVets } from '../record/vets.ts'

export async function emergencyCard(
  db: Db,
  userId: number,
  catId?: number,
  now = new Date(),
): Promise<EmergencyCard> {
  const cat = await careCat(db, userId, catId, 'read')
  const [row, owner, medications, vets] = await Promise.all([
    db.cat.findUniqueOrThrow({
      where: { id: cat.id },
      select: { medicalConditions: true, medications: true },
    }),
    db.user.findUniqueOrThrow({ where: { id: cat.ownerId }, select: { fullName: true, email: true } }),
    db.medication.findMany({
      where: {
        catId: cat.id,
        OR: [{ endOn: null }, { endOn: { gte: new Date(now.toISOString().slice(0, 10)) } }],
      },
      orderBy: { id: 'asc' },
      select: { name: true, dose: true, times: true },
    }),
    getVets(db, userId, cat.id),
  ])
  // The quiz's free-text medicines stay readable until the record lists them one by one.
  const quizMedicines = row.medications.trim()
  return {
    cat: { id: cat.id, name: cat.name },
    role: cat.role,
    conditions: row.medicalConditions,
    medications:
      medications.length > 0 || !quizMedicines ? medications : [{ name: quizMedicines, dose: '', times: [] }],
    owner: { name: owner.fullName, email: owner.email },
    vets,
  }
}
