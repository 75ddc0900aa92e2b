-- CreateTable
CREATE TABLE "medications" (
    "id" SERIAL NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "dose" TEXT NOT NULL,
    "times" TEXT[],
    "start_on" DATE NOT NULL,
    "end_on" DATE,
    "notes" TEXT,
    "next_dose_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "medications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "medication_doses" (
    "id" SERIAL NOT NULL,
    "medication_id" INTEGER NOT NULL,
    "given_at" TIMESTAMP(3) NOT NULL,
    "by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "medication_doses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "medications_cat_id_idx" ON "medications"("cat_id");

-- CreateIndex
CREATE INDEX "medications_next_dose_at_idx" ON "medications"("next_dose_at");

-- CreateIndex
CREATE INDEX "medication_doses_medication_id_given_at_idx" ON "medication_doses"("medication_id", "given_at");

-- AddForeignKey
ALTER TABLE "medications" ADD CONSTRAINT "medications_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_medication_id_fkey" FOREIGN KEY ("medication_id") REFERENCES "medications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
