-- AlterTable
ALTER TABLE "check_ins" ADD COLUMN     "email_sent_at" TIMESTAMP(3),
ADD COLUMN     "push_sent_at" TIMESTAMP(3);
