-- Marketing agent files (part 3 §3, §7): the records list newest first, new stored paths are always
-- {userId}/{timestamp}_{safe name} (existing rows of an older deployment are left as they are: NOT VALID),
-- and on a hosted project the private bucket agente-marketing-files with its policies. The embedded
-- backend keeps these files in a folder of the data folder, so there the storage part is skipped.

create index if not exists agente_marketing_created_at_idx on public.agente_marketing (created_at desc, id desc);

alter table public.agente_marketing
  add constraint agente_marketing_archivo_ruta_segura
  check (
    archivo_storage_path is null
    or archivo_storage_path ~ '^[A-Za-z0-9-]{1,64}/[0-9]{1,16}_[A-Za-z0-9][A-Za-z0-9._-]{0,119}$'
  ) not valid;

alter table public.agente_marketing
  add constraint agente_marketing_archivo_completo
  check ((archivo_storage_path is null) = (archivo_original_name is null)) not valid;

do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage')
     and to_regclass('storage.buckets') is not null
     and to_regclass('storage.objects') is not null then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values (
      'agente-marketing-files', 'agente-marketing-files', false, 10485760,
      array['application/pdf', 'application/msword',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document']
    )
    on conflict (id) do nothing;

    -- Operators read and remove any file of the bucket (the records are shared by all operators) and
    -- upload only into their own folder {auth.uid()}/...
    execute $p$
      create policy agente_marketing_archivos_lectura on storage.objects for select to authenticated
        using (bucket_id = 'agente-marketing-files' and (select public.es_operador()))
    $p$;
    execute $p$
      create policy agente_marketing_archivos_subida on storage.objects for insert to authenticated
        with check (
          bucket_id = 'agente-marketing-files'
          and (select public.es_operador())
          and (storage.foldername(name))[1] = (select auth.uid())::text
        )
    $p$;
    execute $p$
      create policy agente_marketing_archivos_borrado on storage.objects for delete to authenticated
        using (bucket_id = 'agente-marketing-files' and (select public.es_operador()))
    $p$;
  end if;
end
$$;
