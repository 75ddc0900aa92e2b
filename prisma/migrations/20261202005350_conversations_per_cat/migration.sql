-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "cat_id" INTEGER;

-- CreateTable
CREATE TABLE "escalations" (
    "id" SERIAL NOT NULL,
    "cat_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "message_id" INTEGER NOT NULL,
    "urgency" TEXT NOT NULL,
    "sign" TEXT,
    "opened_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMP(3),

    CONSTRAINT "escalations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "escalations_cat_id_closed_at_idx" ON "escalations"("cat_id", "closed_at");

-- CreateIndex
CREATE INDEX "escalations_conversation_id_idx" ON "escalations"("conversation_id");

-- CreateIndex
CREATE INDEX "escalations_message_id_idx" ON "escalations"("message_id");

-- CreateIndex
CREATE INDEX "conversations_user_id_cat_id_id_idx" ON "conversations"("user_id", "cat_id", "id");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_cat_id_fkey" FOREIGN KEY ("cat_id") REFERENCES "cats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "conversation_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Moving the data (docs/decisions.md, "Chat"): one conversation per cat. Each stored message goes to the
-- cat it was about where that is known (an owner messages cat, a reply question cat, a follow-up
-- cat), else to the cat of the nearest owner message before it (or, before the first, after it), else to
-- the owner first cat. A conversation keeps the cat of its first message, its messages about another
-- cat move to a new conversation of that cat, with their follow-ups and photos.
CREATE TEMP TABLE "message_cats" AS
WITH "known" AS (
  SELECT m."id", m."conversation_id",
    COALESCE(
      CASE WHEN m."role" = 'user' THEN m."cat_id" END,
      q."cat_id",
      f."cat_id"
    ) AS "cat_id"
  FROM "conversation_messages" m
  LEFT JOIN "conversation_messages" q ON q."id" = m."reply_to_id"
  LEFT JOIN "follow_ups" f ON m."client_id" = 'follow-up-' || f."id"::text
),
"runs" AS (
  SELECT *,
    COUNT("cat_id") OVER (PARTITION BY "conversation_id" ORDER BY "id") AS "run"
  FROM "known"
),
"carried" AS (
  SELECT "id", "conversation_id",
    FIRST_VALUE("cat_id") OVER (PARTITION BY "conversation_id", "run" ORDER BY "id") AS "before",
    FIRST_VALUE("cat_id") OVER (
      PARTITION BY "conversation_id" ORDER BY ("cat_id" IS NULL), "id"
    ) AS "first_known"
  FROM "runs"
)
SELECT c."id", c."conversation_id",
  COALESCE(c."before", c."first_known", (
    SELECT MIN(k."id") FROM "cats" k WHERE k."user_id" = v."user_id"
  )) AS "cat_id"
FROM "carried" c
JOIN "conversations" v ON v."id" = c."conversation_id";

-- Each conversation own cat: the cat of its first message, else (no messages) the owner first cat.
UPDATE "conversations" v SET "cat_id" = COALESCE(
  (SELECT mc."cat_id" FROM "message_cats" mc WHERE mc."conversation_id" = v."id" ORDER BY mc."id" LIMIT 1),
  (SELECT MIN(k."id") FROM "cats" k WHERE k."user_id" = v."user_id")
);

-- One new conversation for every other cat a conversation spoke about.
CREATE TEMP TABLE "moved_conversations" AS
SELECT mc."conversation_id" AS "from_id", mc."cat_id", MIN(m."created_at") AS "created_at",
  MAX(m."created_at") AS "updated_at", NULL::INTEGER AS "to_id"
FROM "message_cats" mc
JOIN "conversations" v ON v."id" = mc."conversation_id"
JOIN "conversation_messages" m ON m."id" = mc."id"
WHERE mc."cat_id" IS NOT NULL AND mc."cat_id" IS DISTINCT FROM v."cat_id"
GROUP BY mc."conversation_id", mc."cat_id";

UPDATE "moved_conversations" mv SET "to_id" = nextval(pg_get_serial_sequence('"conversations"', 'id'));

INSERT INTO "conversations" ("id", "user_id", "cat_id", "session_id", "created_at", "updated_at")
SELECT mv."to_id", v."user_id", mv."cat_id", v."session_id", mv."created_at", mv."updated_at"
FROM "moved_conversations" mv
JOIN "conversations" v ON v."id" = mv."from_id";

UPDATE "conversation_messages" m SET "conversation_id" = mv."to_id"
FROM "message_cats" mc
JOIN "moved_conversations" mv ON mv."from_id" = mc."conversation_id" AND mv."cat_id" = mc."cat_id"
WHERE m."id" = mc."id";

-- The owner messages name their cat from now on.
UPDATE "conversation_messages" m SET "cat_id" = mc."cat_id"
FROM "message_cats" mc
WHERE m."id" = mc."id" AND m."role" = 'user' AND m."cat_id" IS NULL AND mc."cat_id" IS NOT NULL;

-- Follow-ups and photos follow their messages.
UPDATE "follow_ups" f SET "conversation_id" = m."conversation_id"
FROM "conversation_messages" m
WHERE m."id" = f."message_id" AND f."conversation_id" <> m."conversation_id";

UPDATE "chat_attachments" a SET "conversation_id" = m."conversation_id"
FROM "conversation_messages" m
WHERE a."conversation_id" IS NOT NULL AND a."id" = ANY(m."attachment_ids")
  AND a."conversation_id" <> m."conversation_id";

-- The escalation each cat still holds: its latest server reply was urgent or an emergency, and one of
-- its own messages escalated (a reply with a sign). A level that was only kept (sign null: an escalation
-- of another cat carried on in the households one conversation) opens none.
INSERT INTO "escalations" ("cat_id", "conversation_id", "message_id", "urgency", "sign", "opened_at")
SELECT DISTINCT ON (v."cat_id") v."cat_id", m."conversation_id", m."id", m."urgency", m."sign", m."created_at"
FROM "conversation_messages" m
JOIN "conversations" v ON v."id" = m."conversation_id"
WHERE v."cat_id" IS NOT NULL AND m."role" = 'assistant' AND m."sign" IS NOT NULL
  AND m."urgency" IN ('urgent', 'emergency')
  AND (
    SELECT l."urgency" FROM "conversation_messages" l
    JOIN "conversations" lv ON lv."id" = l."conversation_id"
    WHERE lv."cat_id" = v."cat_id" AND l."role" = 'assistant' AND l."urgency" IS NOT NULL
    ORDER BY l."id" DESC LIMIT 1
  ) IN ('urgent', 'emergency')
ORDER BY v."cat_id", m."id" DESC;

DROP TABLE "message_cats";
DROP TABLE "moved_conversations";
