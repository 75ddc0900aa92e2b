-- AlterTable
ALTER TABLE "users" ADD COLUMN     "held_before_proof" JSONB;
