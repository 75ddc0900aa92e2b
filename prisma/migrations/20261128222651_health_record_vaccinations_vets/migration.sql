-- CreateTable
CREATE TABLE "vaccinations" (
    "id" SERIAL NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "given_on" DATE NOT NULL,
    "next_due_on" DATE,
    "clinic" TEXT,
    "notes" TEXT,
    "next_reminder_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vaccinations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cat_vets" (
    "cat_id" INTEGER NOT NULL,
    "usual" JSONB,
    "emergency" JSONB,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cat_vets_pkey" PRIMARY KEY ("cat_id")
);

-- CreateIndex
CREATE INDEX "vaccinations_cat_id_idx" ON "vaccinations"("cat_id");

-- CreateIndex
CREATE INDEX "vaccinations_next_reminder_at_idx" ON "vaccinations"("next_reminder_at");

-- AddForeignKey
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cat_vets" ADD CONSTRAINT "cat_vets_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
