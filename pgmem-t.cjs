const fs = require('fs');
const mem = () => { const s = fs.readFileSync('/proc/self/status','utf8'); return [s.match(/VmRSS:\s+(\d+)/)[1]/1024|0, s.match(/VmHWM:\s+(\d+)/)[1]/1024|0]; };
(async () => {
  console.log('node', mem());
  const { PGlite } = await import('@electric-sql/pglite');
  console.log('imported', mem());
  const opts = process.argv[2] ? JSON.parse(process.argv[2]) : {};
  const db = new PGlite('/tmp/pgmem/data', opts);
  await db.waitReady;
  console.log('ready', mem());
  await db.query('select 1');
  console.log('query', mem());
  const s = await db.query("select name, setting from pg_settings where name in ('shared_buffers','work_mem','wal_buffers','temp_buffers','maintenance_work_mem')");
  console.log(s.rows);
})();
