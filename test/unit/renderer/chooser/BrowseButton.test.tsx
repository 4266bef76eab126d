// "Browse…" beside a typed path: in the app it asks main for the desktop's dialog (files.choose)
// and fills the field the person could have typed in, so the field's own check runs on the choice;
// in browser mode (no dialog) the host's picker lists folders through main's real listing code.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { listFolder } from '../../../../src/main/drives/browse';
import { BrowseButton } from '../../../../src/renderer/components/chooser/BrowseButton';
import { useApp } from '../../../../src/renderer/store';
import { DriveStep } from '../../../../src/renderer/wizard/DriveStep';
import { servedBackEnd } from '../seam/back-end';
import { fixtureMachine } from '../seam/fixture-machine';
import { preload } from '../seam/preload-double';

const machine = fixtureMachine('usb-stick', '/home/lee');
servedBackEnd(() => [], ['bench.plan', 'privileged.status']);
const tree = mkdtempSync(join(tmpdir(), 'dw-chooser-'));
mkdirSync(join(tree, 'runs/before'), { recursive: true });
writeFileSync(join(tree, 'runs/baseline.json'), '{}');
afterAll(() => rmSync(tree, { recursive: true, force: true }));
const mountinfo = () => '28 1 8:1 / / rw - ext4 /dev/sda1 rw\n';

beforeEach(() => {
  preload.serve({
    'drives.list': () => machine.list(),
    'drives.resolve': (r) => machine.resolve(r.path),
    'files.list': (r) => listFolder(r, tree, mountinfo),
  });
});

describe('in the app: the desktop dialog', () => {
  it('the Drive step’s Browse… fills the folder field and the folder is checked at once', async () => {
    preload.serve({ 'files.choose': () => ({ supported: true, path: '/media/lee/CRUZER' }) });
    useApp.getState().goTo('drive');
    const user = userEvent.setup();
    render(<DriveStep />);
    const cards = within(await screen.findByRole('group', { name: 'Drives' })).getAllByRole(
      'button',
    );
    await user.click(cards[2]!);
    await user.click(screen.getByRole('button', { name: 'Browse…' }));
    const asked = preload.calls.find((c) => c.channel === 'files.choose');
    expect(asked?.payload).toMatchObject({ kind: 'folder', title: 'Folder for the test files' });
    await waitFor(() =>
      expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('/media/lee/CRUZER'),
    );
    // Checked against the drive picked (sdc), as a typed folder would be.
    expect((await screen.findByTestId('dir-verdict')).textContent).toMatch(
      /^\/media\/lee\/CRUZER is on \/dev\/sdb, not/,
    );
  });

  it('a cancelled dialog changes nothing', async () => {
    preload.serve({ 'files.choose': () => ({ supported: true, path: null }) });
    const chosen: string[] = [];
    const user = userEvent.setup();
    render(<BrowseButton kind="file" title="A file" onChosen={(p) => chosen.push(p)} />);
    await user.click(screen.getByRole('button', { name: 'Browse…' }));
    await waitFor(() => expect(preload.calls.some((c) => c.channel === 'files.choose')).toBe(true));
    expect(chosen).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('in browser mode: the host’s picker', () => {
  beforeEach(() => preload.serve({ 'files.choose': () => ({ supported: false, path: null }) }));

  it('opens at home with the drives first, walks into a folder and uses it', async () => {
    const chosen: string[] = [];
    const user = userEvent.setup();
    render(
      <BrowseButton kind="folder" title="Folder of run files" onChosen={(p) => chosen.push(p)} />,
    );
    await user.click(screen.getByRole('button', { name: 'Browse…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Folder of run files' });
    await waitFor(() => expect(within(dialog).getByTestId('picker-dir').textContent).toBe(tree));
    const places = within(within(dialog).getByRole('navigation')).getAllByRole('button');
    expect(places.map((b) => b.textContent)).toEqual(['The system drive (/)', `Home (${tree})`]);
    // Folders only: the .json file is not offered to a folder chooser.
    await user.click(within(dialog).getByRole('button', { name: 'runs/' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('picker-dir').textContent).toBe(join(tree, 'runs')),
    );
    expect(within(dialog).queryByRole('button', { name: /baseline\.json/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'before/' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('picker-dir').textContent).toBe(join(tree, 'runs/before')),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Use this folder' }));
    expect(chosen).toEqual([join(tree, 'runs/before')]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a file chooser picks a matching file; Cancel leaves the field alone', async () => {
    const chosen: string[] = [];
    const user = userEvent.setup();
    render(
      <BrowseButton
        kind="file"
        title="A saved baseline file"
        current={join(tree, 'runs/before')}
        extensions={['json']}
        onChosen={(p) => chosen.push(p)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Browse…' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('picker-dir').textContent).toBe(join(tree, 'runs/before')),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Up' }));
    const file = await within(dialog).findByRole('button', { name: /baseline\.json/ });
    expect(within(dialog).getByRole('button', { name: 'Open' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(file);
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(chosen).toEqual([join(tree, 'runs/baseline.json')]);
    await user.click(screen.getByRole('button', { name: 'Browse…' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(chosen).toHaveLength(1);
  });
});
