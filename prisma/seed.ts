// `npm run db:seed`: a demo owner with a cat, a conversation and a running trial, in whichever
// database the configuration names (DATABASE_URL, else the embedded one under DATA_DIR).

import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db.ts'
import { TRIAL_DAYS, TRIAL_PLAN_NAME } from '../shared/constants.ts'

const DEMO_EMAIL = 'demo@kittycare.local'

const config = loadConfig()
const database = await openDatabase(config)
const db = database.prisma
try {
  const user = await db.user.upsert({
    where: { email: DEMO_EMAIL },
    update: {},
    create: { email: DEMO_EMAIL, fullName: 'Demo Owner', firstName: 'Demo', lastName: 'Owner' },
  })
  const hasCat = await db.cat.count({ where: { userId: user.id } })
  if (!hasCat) {
    await db.cat.create({
      data: {
        userId: user.id,
        name: 'Luna',
        breed: 'Maine Coon',
        gender: 'Female',
        age: 4,
        weight: 12.5,
        weightUnit: 'Lbs',
        targetWeight: 11,
        activityLevel: 'Moderately Active',
        issuesFaced: ['Scratches the sofa'],
        goals: ['Scratching Less', 'Lose Weight'],
        checkInPeriod: '3 Times a Week',
        trainingDays: ['Monday', 'Thursday'],
        items: ['Litter Box', 'Cat Toys', 'Dry Food'],
        foodBowls: 2,
        treats: 3,
        playtime: 30,
      },
    })
  }
  const hasConversation = await db.conversation.count({ where: { userId: user.id } })
  if (!hasConversation) {
    await db.conversation.create({
      data: {
        userId: user.id,
        messages: {
          create: [
            { role: 'user', content: 'How much should Luna eat a day?' },
            {
              role: 'assistant',
              content:
                'For a 12.5 lb adult cat aiming for 11 lb, about 200 kcal a day split over two or three meals.',
            },
          ],
        },
      },
    })
  }
  const hasTrial = await db.subscription.count({ where: { userId: user.id } })
  if (!hasTrial) {
    const start = new Date()
    await db.subscription.create({
      data: {
        userId: user.id,
        email: DEMO_EMAIL,
        plan: TRIAL_PLAN_NAME,
        provider: 'demo',
        billingPeriod: 'Monthly',
        status: 'trialing',
        startDate: start,
        endDate: new Date(start.getTime() + TRIAL_DAYS.Monthly * 86_400_000),
        providerSubscriptionId: `sub_demo_seed_${user.id}`,
      },
    })
  }
  console.log(`Seeded ${DEMO_EMAIL} (user ${user.id}) with a cat, a conversation and a trial.`)
} finally {
  await database.close()
}
