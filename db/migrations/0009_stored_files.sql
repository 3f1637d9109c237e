CREATE TABLE "stored_file_chunks" (
	"name" varchar(255) NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_name_seq_pk" PRIMARY KEY("name","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"name" varchar(255) PRIMARY KEY NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_name_stored_files_name_fk" FOREIGN KEY ("name") REFERENCES "public"."stored_files"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every instance keeps copies of stored files on its own disk. A deleted file is announced at commit, so
-- that each instance drops its copy and stops serving it.
CREATE OR REPLACE FUNCTION notify_stored_file_removed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stored_file_removed', OLD.name);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stored_files_notify_removed AFTER DELETE ON stored_files
  FOR EACH ROW EXECUTE FUNCTION notify_stored_file_removed();
