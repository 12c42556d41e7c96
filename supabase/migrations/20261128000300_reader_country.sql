-- The reader's country (issue 26, section 2; decision 122): a signed-in reader may choose whose
-- channels come first, kept with their profile. Null: where they are (the picker's cookie, else
-- where Cloudflare places them). Which codes exist is lib/countries.ts's to say, as for channels.
alter table users add column country text check (country ~ '^[A-Z]{2}$');
